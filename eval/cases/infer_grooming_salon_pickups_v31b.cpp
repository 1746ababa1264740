// Dog grooming salon: each salon runs its grooming tables through a
// GroomingTables pool of its own (a FIFO queue of jobs served by a fixed set
// of worker threads; drain() blocks until every job submitted so far has
// finished). A finished groom is reported to the owner's phone through the
// salon's PickupNoticeProducer, which refuses sends once it has been closed.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace grooming {

class PickupNoticeProducer {
public:
  void send(const std::string &event) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("pickup notice producer closed");
    sent_.push_back(event);
  }
  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
  }

private:
  std::mutex mutex_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class GroomingTables {
public:
  explicit GroomingTables(unsigned tables) {
    for (unsigned i = 0; i < tables; ++i)
      workers_.emplace_back([this] { serve(); });
  }
  ~GroomingTables() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    cv_.notify_all();
    for (std::thread &w : workers_)
      w.join();
  }
  void submit(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push(std::move(job));
    ++outstanding_;
    cv_.notify_one();
  }
  void drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return outstanding_ == 0; });
  }

private:
  void serve() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      cv_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
      if (jobs_.empty())
        return;
      std::function<void()> job = std::move(jobs_.front());
      jobs_.pop();
      lock.unlock();
      job();
      lock.lock();
      if (--outstanding_ == 0)
        done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable cv_, done_;
  std::queue<std::function<void()>> jobs_;
  std::vector<std::thread> workers_;
  int outstanding_ = 0;
  bool stop_ = false;
};

void groom(const std::string &dog);

void closeSalonEarly(GroomingTables &tables, PickupNoticeProducer &owners, const std::vector<std::string> &booked) {
  for (const std::string &dog : booked)
    tables.submit([&owners, dog] {
      groom(dog);
      owners.send(dog + " is ready for pickup"); // BUG: use-after-close #pickup_notices_closed
    });
  owners.close(); // SAME: pickup_notices_closed
}

void closeSalonAfterLastDog(GroomingTables &tables, PickupNoticeProducer &owners, const std::vector<std::string> &booked) {
  for (const std::string &dog : booked)
    tables.submit([&owners, dog] {
      groom(dog);
      owners.send(dog + " is ready for pickup"); // OK: drained before close
    });
  tables.drain();
  owners.close(); // OK
}

void nailTrimWalkIn(PickupNoticeProducer &owners, const std::string &dog) {
  GroomingTables single(1);
  single.submit([&owners, dog] { owners.send(dog + " nail trim done"); }); // OK: one worker runs jobs in order
  single.submit([&owners] { owners.close(); }); // OK
  single.drain();
}

} // namespace grooming
