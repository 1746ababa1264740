// A producer-like sink of the user's checks its state in a private helper
// that throws the Kafka record's message; flush() after shutdown() fails.
#include <stdexcept>
#include <string>

class EventSink {
public:
  void emit(const std::string &e) {
    checkOpen();
    buf_ += e;
  }
  void flush() {
    checkOpen();
    buf_.clear();
  }
  void shutdown() { open_ = false; }

private:
  void checkOpen() const {
    if (!open_)
      throw std::runtime_error("Producer closed while send in progress");
  }
  bool open_ = true;
  std::string buf_;
};

void drainAndStop(EventSink &s) {
  s.emit("a");
  s.shutdown();
  s.flush(); // BUG: use-after-close
}
