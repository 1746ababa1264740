// Mail delivery agent: a BlockingQueue<T> template connects the SMTP intake
// threads to the delivery workers; it is instantiated for outbound messages,
// bounce notices and retry delays.
// BlockingQueue semantics: push() throws std::runtime_error once the queue is
// closed; close() is idempotent and wakes every waiter; pop() keeps handing
// out queued items after close() and returns std::nullopt only when the queue
// is closed and empty.
// Negative case: every producer is joined before its queue is closed, so no
// push() can run after close(); consumers only pop(), which is allowed after
// close(); the second close() from shutdown() is a documented no-op; the retry
// queue is replaced by a fresh object before it is used again.
#include <condition_variable>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

template <typename T> class BlockingQueue {
public:
  void push(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::runtime_error("queue closed");
    items_.push_back(std::move(item));
    cv_.notify_one();
  }
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }
  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    cv_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct MailMessage {
  std::string from, to, subject;
};
struct Bounce {
  std::string recipient;
  int smtpCode;
};

class DeliveryAgent {
public:
  void run(int intakeThreads) {
    std::vector<std::thread> intake;
    for (int t = 0; t < intakeThreads; ++t)
      intake.emplace_back([this, t] {
        for (int i = 0; i < 3; ++i)
          outbox_.push({"noreply@shop.example", "user" + std::to_string(t * 10 + i) + "@example.com", "Your order"});
      });
    std::thread worker([this] {
      while (auto msg = outbox_.pop()) { // OK: pop() drains after close()
        if (msg->to.find('1') != std::string::npos)
          bounces_.push({msg->to, 550}); // OK: bounces_ is closed only after this worker is joined
      }
    });
    std::thread bounceWorker([this] {
      while (auto b = bounces_.pop())
        std::cout << "bounce " << b->recipient << " " << b->smtpCode << "\n";
    });
    for (std::thread &t : intake)
      t.join();
    outbox_.close(); // OK: every intake thread has been joined
    worker.join();
    bounces_.close();
    bounceWorker.join();
  }

  void shutdown() {
    outbox_.close(); // OK: close() is idempotent
    bounces_.close(); // OK: close() is idempotent
  }

private:
  BlockingQueue<MailMessage> outbox_;
  BlockingQueue<Bounce> bounces_;
};

int main() {
  DeliveryAgent agent;
  agent.run(3);
  agent.shutdown();

  auto retries = std::make_unique<BlockingQueue<int>>();
  retries->push(60);
  retries->push(300);
  retries->close();
  while (auto delay = retries->pop())
    std::cout << "retry in " << *delay << "s\n";
  retries = std::make_unique<BlockingQueue<int>>();
  retries->push(900); // OK: a new queue replaced the closed one
  retries->close();
  return 0;
}
