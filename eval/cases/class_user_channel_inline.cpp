// An application-defined channel class, defined in full here; its owner sends
// after closing it.
#include <string>
#include <vector>

class NotificationChannel {
public:
  void send(const std::string &msg) {
    if (closed_)
      throw std::string("channel closed");
    queue_.push_back(msg);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::vector<std::string> queue_;
  bool closed_ = false;
};

void notifyAll(NotificationChannel &ch, const std::vector<std::string> &users) {
  for (const std::string &u : users)
    ch.send("hello " + u);
  ch.close();
  ch.send("done"); // BUG: use-after-close
}
