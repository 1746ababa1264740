// A line-protocol reader loops while its LineSocket is not closed; the
// peer's QUIT closes the socket inside the loop, and the loop condition is
// checked before the next recv (correct). The reply after a QUIT is sent
// only when the socket is still open, checked with is_closed() (correct).
#include <deque>
#include <stdexcept>
#include <string>

class LineSocket {
public:
  std::string recv() {
    if (closed_)
      throw std::runtime_error("socket is closed");
    if (inbox_.empty())
      return {};
    std::string line = inbox_.front();
    inbox_.pop_front();
    return line;
  }
  void send(const std::string &line) {
    if (closed_)
      throw std::runtime_error("socket is closed");
    outbox_.push_back(line);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }
  bool is_closed() const { return closed_; }

private:
  std::deque<std::string> inbox_, outbox_;
  bool closed_ = false;
};

void serveClient(LineSocket &socket) {
  while (!socket.closed()) {
    std::string line = socket.recv(); // OK
    if (line == "QUIT")
      socket.close();
    if (!socket.is_closed())
      socket.send("OK " + line); // OK
  }
}
