// Mailbox<T> is an in-process queue whose post() throws once close() ran. The
// controller instantiates it for commands, telemetry samples and acks.
// shutdown() closes the command mailbox and then posts a final "stopped"
// command into it, which throws (bug). Posting telemetry after that close
// goes to another mailbox (fine).
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

template <typename T> class Mailbox {
public:
  void post(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("post on a closed mailbox");
    items_.push_back(std::move(item));
  }
  std::optional<T> tryTake() {
    std::lock_guard<std::mutex> lock(mu_);
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
  }
  bool isClosed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return closed_;
  }

private:
  mutable std::mutex mu_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct Command {
  std::string verb;
  std::string arg;
};
struct Sample {
  std::string metric;
  double value;
};

class Controller {
public:
  void submit(Command cmd) { commands_.post(std::move(cmd)); }
  void acknowledge(int sequence) { acks_.post(sequence); }
  void shutdown() {
    commands_.close();
    telemetry_.post(Sample{"controller.stopping", 1.0}); // OK: different mailbox
    commands_.post(Command{"stopped", ""}); // BUG: use-after-close
  }

private:
  Mailbox<Command> commands_;
  Mailbox<Sample> telemetry_;
  Mailbox<int> acks_;
};
