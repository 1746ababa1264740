// Public health vaccination clinic: second-dose reminders go to the SMS
// gateway's Kafka topic from a ReminderPool of the clinic's own: it stores
// callables in a FIFO queue and runs them on its workers; drain() waits until
// every posted job has run, stop() runs what is queued and joins the workers.
// Each batch has its own producer, closed when the batch is done.
#include "messaging.h"

#include <condition_variable>
#include <functional>
#include <mutex>
#include <queue>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace vaxclinic {

class ReminderPool {
public:
  explicit ReminderPool(unsigned workers) {
    for (unsigned i = 0; i < workers; ++i)
      threads_.emplace_back([this] { work(); });
  }
  ~ReminderPool() { stop(); }

  void post(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    jobs_.push(std::move(job));
    ++outstanding_;
    ready_.notify_one();
  }

  void drain() {
    std::unique_lock<std::mutex> lock(mu_);
    done_.wait(lock, [this] { return outstanding_ == 0; });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (std::exchange(stopping_, true))
        return;
    }
    ready_.notify_all();
    for (auto &t : threads_) t.join();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop();
      }
      job();
      std::lock_guard<std::mutex> lock(mu_);
      if (--outstanding_ == 0) done_.notify_all();
    }
  }

  std::mutex mu_;
  std::condition_variable ready_, done_;
  std::queue<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  int outstanding_ = 0;
  bool stopping_ = false;
};

struct Appointment { std::string phone, date; };

void eveningBatch(ReminderPool &pool, const std::vector<Appointment> &due) {
  kafka::KafkaProducer producer("sms-gw:9092");
  for (const Appointment &a : due)
    pool.post([&producer, a] {
      producer.send({"sms.reminders", a.phone + " dose 2 on " + a.date}); // OK: drained before close
    });
  pool.drain();
  producer.close();
}

void missedDoseAlert(ReminderPool &pool, const Appointment &a) {
  kafka::KafkaProducer producer("sms-gw:9092");
  pool.post([&producer, a] {
    producer.send({"sms.reminders", a.phone + " missed dose, please rebook"}); // BUG: use-after-close #missed
  });
  producer.close(); // SAME: missed
  pool.drain();
}

void closingTime(const std::vector<Appointment> &tomorrow) {
  kafka::KafkaProducer producer("sms-gw:9092");
  {
    ReminderPool pool(2);
    for (const Appointment &a : tomorrow)
      pool.post([&producer, a] {
        producer.send({"sms.reminders", a.phone + " see you tomorrow"}); // OK: the pool is stopped and joined before close
      });
    pool.stop();
  }
  producer.close();
}

void singleLaneBatch(const std::vector<Appointment> &due) {
  kafka::KafkaProducer producer("sms-gw:9092");
  ReminderPool lane(1);
  for (const Appointment &a : due)
    lane.post([&producer, a] {
      producer.send({"sms.reminders", a.phone + " dose 2 on " + a.date}); // OK: one worker runs the jobs in order, the close job is last
    });
  lane.post([&producer] { producer.close(); });
  lane.drain();
}

} // namespace vaxclinic
