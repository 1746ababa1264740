// Tiny HTTP/1.1 front end of an embedded admin console. TcpSocket is the
// project's own RAII socket class: send() throws std::runtime_error("socket
// closed") once closed, and close() throws std::logic_error("socket already
// closed") when called a second time (the destructor closes quietly only if
// still open). HttpConnection serves pipelined requests on one socket;
// ProxyTunnel relays an upstream response to the client socket.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TcpSocket {
public:
  explicit TcpSocket(int Fd) : Fd(Fd) {}
  TcpSocket(TcpSocket &&Other) noexcept : Fd(std::exchange(Other.Fd, -1)) {}
  TcpSocket(const TcpSocket &) = delete;
  ~TcpSocket() {
    if (Fd >= 0)
      ::close(Fd);
  }

  void send(const std::string &Data) {
    if (Fd < 0)
      throw std::runtime_error("socket closed");
    ::send(Fd, Data.data(), Data.size(), MSG_NOSIGNAL);
  }

  void close() {
    if (Fd < 0)
      throw std::logic_error("socket already closed");
    ::close(Fd);
    Fd = -1;
  }

  bool isOpen() const { return Fd >= 0; }

private:
  int Fd;
};

// The reason phrase is optional in HTTP/1.1; the console leaves it empty.
static std::string statusLine(int Code) {
  return "HTTP/1.1 " + std::to_string(Code) + " \r\n";
}

struct Request {
  std::string Method;
  std::string Path;
};

class HttpConnection {
public:
  explicit HttpConnection(TcpSocket S) : Sock(std::move(S)) {}
  ~HttpConnection() {
    if (Sock.isOpen())
      Sock.close(); // OK: guarded, reject() may already have closed it
  }

  // Serves pipelined requests. Defect: after reject() closed the socket the
  // loop continues with the next pipelined request instead of stopping.
  void serve(const std::vector<Request> &Pipeline) {
    for (const Request &R : Pipeline) {
      if (R.Path.size() > 256) {
        reject(414);
        continue;
      }
      respond(R); // BUG: use-after-close #pipelined
    }
  }

private:
  void respond(const Request &R) {
    std::string Body = R.Method == "GET" ? "<h1>" + R.Path + "</h1>" : "";
    Sock.send(statusLine(200) + "Content-Length: " + std::to_string(Body.size()) + // SAME: pipelined
              "\r\n\r\n" + Body);
  }

  void reject(int Status) {
    Sock.send(statusLine(Status) + "Connection: close\r\n\r\n"); // OK: sent before the close below
    Sock.close();
  }

  TcpSocket Sock;
};

class ProxyTunnel {
public:
  ProxyTunnel(TcpSocket ClientSide, TcpSocket UpstreamSide)
      : Client(std::move(ClientSide)), Upstream(std::move(UpstreamSide)) {}
  // Defect: the destructor closes both sockets unconditionally, but
  // onUpstreamEof() has already closed the client socket.
  ~ProxyTunnel() {
    Upstream.close();
    Client.close(); // SAME: tunnel
  }

  // Relays response chunks; an empty chunk means the upstream hit EOF.
  void relay(const std::vector<std::string> &Chunks) {
    size_t Bytes = 0;
    for (const std::string &C : Chunks) {
      if (C.empty()) {
        onUpstreamEof();
        break;
      }
      Client.send(C); // OK: the loop breaks right after the close in onUpstreamEof()
      Bytes += C.size();
    }
    std::fprintf(stderr, "relayed %zu bytes\n", Bytes);
    Client.send("0\r\n\r\n"); // BUG: use-after-close
  }

private:
  void onUpstreamEof() {
    Upstream.send("QUIT\r\n"); // OK: the upstream socket is never closed before the destructor
    Client.close();
  }

  TcpSocket Client;
  TcpSocket Upstream;
};

static TcpSocket makePairEnd(int (&Pair)[2]) {
  ::socketpair(AF_UNIX, SOCK_STREAM, 0, Pair);
  return TcpSocket(Pair[0]);
}

void serveConsole(int (&Pair)[2]) {
  HttpConnection Conn(makePairEnd(Pair));
  Conn.serve({{"GET", "/status"}, {"GET", std::string(300, 'a')}, {"GET", "/metrics"}});
}

void tunnelUpstream(int (&ClientPair)[2], int (&UpstreamPair)[2]) {
  ProxyTunnel Tunnel(makePairEnd(ClientPair), makePairEnd(UpstreamPair));
  Tunnel.relay({"5\r\nhello\r\n", ""});
} // BUG: double-close #tunnel

int main() {
  int P1[2], P2[2], P3[2];
  try {
    serveConsole(P1);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "connection failed: %s\n", E.what());
  }
  try {
    tunnelUpstream(P2, P3);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "tunnel failed: %s\n", E.what());
  }
  return 0;
}
