// Blast warnings of a limestone quarry: the siren panel, the blast log and the
// blast sequence share one radio net to the crews (shared_ptr copies and a
// weak_ptr). Two mistakes: stand_down() closes the net through the sequence's
// owner and then sounds the one-long "all clear" through the siren panel,
// which holds a copy of the same net; and the all-clear callbacks registered
// in arm() captured the net and are fired after the close. The blast log
// holds only a weak_ptr and checks the net before using it; after
// new_shift() the siren panel holds a fresh net.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class RadioNet {
public:
  explicit RadioNet(std::string channel) : channel_(std::move(channel)) {}
  void broadcast(const std::string &msg);
  void close() { closed_ = true; }
  bool is_closed() const { return closed_; }

private:
  std::string channel_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

void RadioNet::broadcast(const std::string &msg) {
  if (closed_)
    throw std::runtime_error("radio net " + channel_ + " closed");
  sent_.push_back(msg);
}

class SirenPanel {
public:
  explicit SirenPanel(std::shared_ptr<RadioNet> net) : net_(std::move(net)) {}
  void sound(int blasts) {
    net_->broadcast("siren x" + std::to_string(blasts)); // SAME: siren
  }
  void retune(std::shared_ptr<RadioNet> net) { net_ = std::move(net); }

private:
  std::shared_ptr<RadioNet> net_;
};

class BlastLog {
public:
  explicit BlastLog(const std::shared_ptr<RadioNet> &net) : net_(net) {}
  void note(const std::string &msg) {
    auto net = net_.lock();
    if (!net || net->is_closed())
      return;
    net->broadcast("log: " + msg); // OK: locked and checked for closed
  }

private:
  std::weak_ptr<RadioNet> net_;
};

class BlastSequence {
public:
  explicit BlastSequence(const std::string &channel)
      : net_(std::make_shared<RadioNet>(channel)), sirens_(net_), log_(net_) {}
  void arm();
  void fire();
  void stand_down();
  void new_shift(const std::string &channel);

private:
  std::shared_ptr<RadioNet> net_;
  SirenPanel sirens_;
  BlastLog log_;
  std::vector<std::function<void()>> on_all_clear_;
};

void BlastSequence::arm() {
  if (net_->is_closed())
    return;
  sirens_.sound(3); // OK: the panel shares net_, checked open just above
  on_all_clear_.push_back([net = net_] {
    net->broadcast("all clear, crews may return"); // SAME: allclear
  });
  log_.note("armed");
}

void BlastSequence::fire() {
  if (net_->is_closed())
    return;
  net_->broadcast("firing"); // OK: guarded by is_closed()
  log_.note("fired");
}

void BlastSequence::stand_down() {
  log_.note("standing down");
  net_->close();
  log_.note("net closed"); // OK: BlastLog::note() returns early on a closed net
  sirens_.sound(1); // BUG: use-after-close #siren
  for (auto &cb : on_all_clear_)
    cb(); // BUG: use-after-close #allclear
  on_all_clear_.clear();
}

void BlastSequence::new_shift(const std::string &channel) {
  auto fresh = std::make_shared<RadioNet>(channel);
  net_->close();
  sirens_.retune(fresh);
  log_ = BlastLog(fresh);
  net_ = fresh;
  sirens_.sound(2); // OK: the panel now holds the fresh net
  net_->broadcast("new shift on " + channel); // OK: net_ reassigned to the fresh net
}
