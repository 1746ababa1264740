// A helper whose close may throw (its code is not seen) tells its own
// handlers that the object may be closed there, but not its callers: a
// caller that catches and goes on is not after a close that may never have
// happened. A helper that closed and then threw from another call has
// closed, and its caller's handler knows.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
namespace kafka {
struct KafkaProducer {
  void send(int);
  void close();
};
std::shared_ptr<KafkaProducer> connect();
} // namespace kafka
void audit(const char *What); // may throw

class Holder {
public:
  Holder() : p_(kafka::connect()) {}
  void rotate() {
    std::shared_ptr<kafka::KafkaProducer> Next = kafka::connect();
    p_->close();
    p_ = std::move(Next);
  }
  void rotateAudited() {
    p_->close();
    audit("rotated");
    p_ = kafka::connect();
  }
  void send(int V) { p_->send(V); }

private:
  std::shared_ptr<kafka::KafkaProducer> p_;
};

void keepsSending(Holder &H, int N) {
  for (int I = 0; I < N; ++I) {
    try {
      H.rotate();
    } catch (...) {
    }
    H.send(I);
  }
}

void afterAudit(Holder &H) {
  try {
    H.rotateAudited();
  } catch (...) {
  }
  // CHECK: thrown-closes.cpp:[[@LINE+1]]:5: warning: call to 'send' uses 'H.p_' that may have been closed
  H.send(1);
}
