// Heritage telegraph office simulator: the office owns the line to the next
// station (a shared_ptr), clerks keep a copy to key messages, and a dispatcher
// runs delivery-receipt callbacks after the batch is sent. end_shift() closes
// the line while a receipt callback that captured it is still queued, and
// rotate_line() swaps in a new line but the clerk keeps keying on the old,
// closed one. The courier's weak_ptr (the office resets its pointer when it
// retires the line) and the closed() checks are correct.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TelegraphLine {
 public:
  explicit TelegraphLine(std::string station) : station_(std::move(station)) {}
  void key(const std::string& text) {
    if (closed_) throw std::runtime_error("line to " + station_ + " closed");
    sent_.push_back(text);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

 private:
  std::string station_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class Dispatcher {
 public:
  void later(std::function<void()> fn) { queue_.push_back(std::move(fn)); }
  void run_pending() {
    auto q = std::move(queue_);
    queue_.clear();
    for (auto& fn : q) fn();
  }

 private:
  std::vector<std::function<void()>> queue_;
};

class Clerk {
 public:
  explicit Clerk(std::shared_ptr<TelegraphLine> line) : line_(std::move(line)) {}
  void send(const std::string& msg) { line_->key(msg + " STOP"); }  // SAME: old_line
 private:
  std::shared_ptr<TelegraphLine> line_;
};

class Office {
 public:
  explicit Office(Dispatcher& d) : d_(d), line_(std::make_shared<TelegraphLine>("Junction")) {}

  std::shared_ptr<TelegraphLine> line() const { return line_; }

  void send_batch(const std::vector<std::string>& msgs) {
    for (const auto& m : msgs) line_->key(m);
    auto line = line_;
    d_.later([line, n = msgs.size()] { line->key("RECEIPT " + std::to_string(n)); });  // BUG: use-after-close
  }

  void end_shift() { line_->close(); }

  void rotate_line(const std::string& station) {
    line_->close();
    line_ = std::make_shared<TelegraphLine>(station);
    line_->key("QRV");  // OK: the new line replaced the closed one
  }

  void retire_line() {
    line_->close();
    line_.reset();
  }

 private:
  Dispatcher& d_;
  std::shared_ptr<TelegraphLine> line_;
};

class Courier {
 public:
  explicit Courier(std::weak_ptr<TelegraphLine> w) : line_(std::move(w)) {}
  bool relay(const std::string& msg) {
    auto l = line_.lock();
    if (!l || l->closed()) return false;
    l->key("VIA COURIER " + msg);  // OK: locked and checked closed()
    return true;
  }

 private:
  std::weak_ptr<TelegraphLine> line_;
};

void day_shift(Dispatcher& d) {
  Office office(d);
  Clerk clerk(office.line());
  Courier courier(office.line());
  clerk.send("ARRIVING NOON");
  office.send_batch({"WIRE 1", "WIRE 2"});
  office.end_shift();
  courier.relay("LETTER");  // OK: relay() checks closed() after lock()
  d.run_pending();
}

void night_shift(Dispatcher& d) {
  Office night(d);
  Clerk night_clerk(night.line());
  night.rotate_line("Harbourside");
  night_clerk.send("LATE TRAIN");  // BUG: use-after-close #old_line
}

void closing(Dispatcher& d) {
  Office office(d);
  Courier courier(office.line());
  courier.relay("PARCEL");
  office.retire_line();
  courier.relay("PARCEL AGAIN");  // OK: the office reset its pointer, lock() yields null
}
