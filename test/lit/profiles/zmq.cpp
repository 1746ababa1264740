// cppzmq, compiled against its real header.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <zmq.hpp>

void sendAfterClose(zmq::socket_t &sock) {
  sock.send(zmq::str_buffer("hello"), zmq::send_flags::none);
  sock.close();
  // CHECK: zmq.cpp:[[@LINE+1]]:8: warning: call to 'send' on 'sock' after it was closed [errlint-send-after-close]
  sock.send(zmq::str_buffer("bye"), zmq::send_flags::none);
  // CHECK: zmq.cpp:[[@LINE+1]]:8: warning: call to 'connect' on 'sock' after it was closed [errlint-send-after-close]
  sock.connect("tcp://127.0.0.1:5555");
}

void recvAfterClose(zmq::context_t &ctx) {
  zmq::socket_t sock(ctx, zmq::socket_type::pull);
  sock.bind("tcp://127.0.0.1:5556");
  sock.close();
  zmq::message_t msg;
  // CHECK: zmq.cpp:[[@LINE+1]]:14: warning: call to 'recv' on 'sock' after it was closed [errlint-send-after-close]
  (void)sock.recv(msg, zmq::recv_flags::none);
}

// Negative: a new socket replaces the closed one.
void replaced(zmq::context_t &ctx) {
  zmq::socket_t sock(ctx, zmq::socket_type::push);
  sock.close();
  sock = zmq::socket_t(ctx, zmq::socket_type::push);
  sock.connect("tcp://127.0.0.1:5555");
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
