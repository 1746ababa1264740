// The same session class; the caller checks the query before sending after
// a close that may have happened: correct.
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

void maybeFinish(StreamSession &s, bool done) {
  if (done)
    s.close();
  if (!s.closed())
    s.send("more");
}
