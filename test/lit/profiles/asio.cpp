// Asio, compiled against its real header.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <asio.hpp>

using asio::ip::tcp;

void writeAfterClose(tcp::socket &socket) {
  asio::write(socket, asio::buffer("hello", 5));
  socket.close();
  // CHECK: asio.cpp:[[@LINE+1]]:3: warning: call to 'write' on 'socket' after it was closed [errlint-send-after-close]
  asio::write(socket, asio::buffer("bye", 3));
  char data[8];
  // CHECK: asio.cpp:[[@LINE+1]]:10: warning: call to 'read_some' on 'socket' after it was closed [errlint-send-after-close]
  socket.read_some(asio::buffer(data));
}

void asyncAfterClose(tcp::socket &socket) {
  socket.close();
  // CHECK: asio.cpp:[[@LINE+1]]:10: warning: call to 'async_write_some' on 'socket' after it was closed [errlint-send-after-close]
  socket.async_write_some(asio::buffer("x", 1), [](asio::error_code, std::size_t) {});
}

// Negative: reopened by open(), connect(), or an acceptor; guarded by is_open().
void reopened(tcp::socket &socket, tcp::acceptor &acceptor, const tcp::endpoint &ep) {
  socket.close();
  socket.open(tcp::v4());
  socket.write_some(asio::buffer("x", 1));
  socket.close();
  socket.connect(ep);
  socket.write_some(asio::buffer("x", 1));
  socket.close();
  acceptor.accept(socket);
  socket.write_some(asio::buffer("x", 1));
  socket.close();
  if (socket.is_open())
    socket.write_some(asio::buffer("x", 1));
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
