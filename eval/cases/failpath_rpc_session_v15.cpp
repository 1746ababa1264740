// Client session of an internal RPC service. The session talks over an
// RpcChannel (defined below). Protocol helpers close the channel on their
// failure paths and report it: handshake() returns false, negotiate()
// returns a negative error code, abortSession() throws SessionAborted
// (it is [[noreturn]]). Callers are expected to stop using the channel
// when a helper reports failure.
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rpc {

// RpcChannel: call() throws std::runtime_error("rpc channel closed") once
// close() was called. close() shuts the socket down and releases it; a
// second close() throws std::logic_error because the descriptor is gone.
class RpcChannel {
public:
  explicit RpcChannel(int Sock) : Sock(Sock) {}
  std::string call(const std::string &Request);
  void close();
  bool isOpen() const { return Sock >= 0; }

private:
  int Sock;
};

std::string RpcChannel::call(const std::string &Request) {
  if (Sock < 0)
    throw std::runtime_error("rpc channel closed");
  if (::send(Sock, Request.data(), Request.size(), 0) < 0)
    throw std::runtime_error("rpc send failed");
  char Buf[512];
  ssize_t N = ::recv(Sock, Buf, sizeof Buf, 0);
  return N > 0 ? std::string(Buf, static_cast<std::size_t>(N)) : std::string();
}

void RpcChannel::close() {
  if (Sock < 0)
    throw std::logic_error("rpc channel closed twice");
  ::shutdown(Sock, SHUT_RDWR);
  ::close(Sock);
  Sock = -1;
}

struct SessionAborted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool handshake(RpcChannel &Ch, const std::string &Token) {
  if (Ch.call("auth " + Token) != "welcome") {
    Ch.close();
    return false;
  }
  return true;
}

int negotiate(RpcChannel &Ch, int WantVersion) {
  const std::string Reply = Ch.call("version " + std::to_string(WantVersion));
  if (Reply.empty() || std::stoi(Reply) < WantVersion) {
    Ch.close();
    return -EPROTO;
  }
  return 0;
}

[[noreturn]] void abortSession(RpcChannel &Ch, const std::string &Why) {
  Ch.close();
  throw SessionAborted(Why);
}

class Session {
public:
  Session(std::unique_ptr<RpcChannel> Ch, std::string Token)
      : Ch(std::move(Ch)), Token(std::move(Token)) {}
  ~Session();
  bool open();
  bool resume(const std::string &Cursor);
  void upgrade();
  std::string fetch(const std::string &Key);
  std::vector<std::string> fetchAll(const std::vector<std::string> &Keys);

private:
  std::unique_ptr<RpcChannel> Ch;
  std::string Token;
  bool Upgraded = false;
};

Session::~Session() {
  if (Ch && Ch->isOpen())
    Ch->close();
}

bool Session::open() {
  if (!handshake(*Ch, Token)) {
    std::fprintf(stderr, "rpc: authentication rejected\n");
    Ch->close(); // BUG: double-close
    return false;
  }
  return true;
}

bool Session::resume(const std::string &Cursor) {
  if (!handshake(*Ch, Token))
    return false;
  Ch->call("resume " + Cursor); // OK: handshake failure returned above
  return true;
}

void Session::upgrade() {
  int Rc = negotiate(*Ch, 4);
  if (Rc < 0)
    std::fprintf(stderr, "rpc: version negotiation failed (%d)\n", Rc);
  Ch->call("enable-streaming"); // BUG: use-after-close
  Upgraded = true;
}

std::string Session::fetch(const std::string &Key) {
  const std::string Reply = Ch->call("get " + Key); // SAME: after_abort
  if (Reply.rfind("err", 0) == 0)
    abortSession(*Ch, "server error for " + Key);
  Ch->call("ack " + Key); // OK: abortSession never returns
  return Reply;
}

std::vector<std::string> Session::fetchAll(const std::vector<std::string> &Keys) {
  std::vector<std::string> Values;
  for (const std::string &K : Keys) {
    try {
      Values.push_back(fetch(K)); // BUG: use-after-close #after_abort
    } catch (const SessionAborted &E) {
      std::fprintf(stderr, "rpc: skipping %s: %s\n", K.c_str(), E.what());
      Values.emplace_back();
    }
  }
  return Values;
}

} // namespace rpc
