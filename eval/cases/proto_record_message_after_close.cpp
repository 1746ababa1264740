// A session class of the user's (no built-in profile names it) throws the
// Cassandra record's message when used after its close(); the caller sends
// after closing it.
#include <stdexcept>
#include <string>

class StreamSession {
public:
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("stream has been closed, cannot send " + m);
    sent_ += m;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  bool closed_ = false;
  std::string sent_;
};

void finish(StreamSession &s) {
  s.send("last");
  s.close();
  s.send("bye"); // BUG: use-after-close
}
