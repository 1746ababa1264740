// An accessor that returns a copy of a member shared_ptr
// (`std::shared_ptr<SeqChannel> channel() const { return current_; }`)
// hands out another owner of the same object: after the class closes it
// and installs a new one, the copy still points at the closed one, while a
// fresh call of the accessor returns the new one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>

class SeqChannel {
public:
  void push(int) {
    if (closed_)
      throw std::runtime_error("channel closed");
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
};

class SeqFeed {
public:
  std::shared_ptr<SeqChannel> channel() const { return current_; }
  void restart() {
    current_->close();
    current_ = std::make_shared<SeqChannel>();
  }

private:
  std::shared_ptr<SeqChannel> current_ = std::make_shared<SeqChannel>();
};

void keptCopy() {
  SeqFeed F;
  std::shared_ptr<SeqChannel> Out = F.channel();
  Out->push(1);
  F.restart();
  F.channel()->push(2);
  Out->push(3);
  // CHECK: [[@LINE-1]]:8: warning: call to 'push' on 'Out' after it was closed [errlint-use-after-close]
}

void askedAgain() {
  SeqFeed F;
  F.restart();
  std::shared_ptr<SeqChannel> Out = F.channel();
  Out->push(1);
}
