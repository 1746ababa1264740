// Publishing a batch through a JobRunner written like the well-known
// header-only pool: enqueue() binds the callable to its arguments, wraps it in
// a std::packaged_task held by a shared_ptr, pushes a lambda that runs it onto
// a std::queue<std::function<void()>> and returns the task's future; the
// threads started by the constructor pop and run the lambdas, the destructor
// joins them. publishBatch() enqueues one send per record and closes the
// producer right away, while the runner's threads may still be sending: a
// send can run after the close (bug; the close is where the race is made).
// publishBatchAndWait() waits on every returned future before it closes, so
// every send has finished by then (correct).
#include "messaging.h"

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

class JobRunner {
public:
  explicit JobRunner(std::size_t threads) {
    for (std::size_t i = 0; i < threads; ++i)
      workers_.emplace_back([this] {
        for (;;) {
          std::function<void()> task;
          {
            std::unique_lock<std::mutex> lock(mutex_);
            condition_.wait(lock, [this] { return stop_ || !tasks_.empty(); });
            if (stop_ && tasks_.empty())
              return;
            task = std::move(tasks_.front());
            tasks_.pop();
          }
          task();
        }
      });
  }

  template <class F, class... Args>
  auto enqueue(F &&f, Args &&...args) -> std::future<std::invoke_result_t<F, Args...>> {
    using Result = std::invoke_result_t<F, Args...>;
    auto task = std::make_shared<std::packaged_task<Result()>>(
        std::bind(std::forward<F>(f), std::forward<Args>(args)...));
    std::future<Result> result = task->get_future();
    {
      std::unique_lock<std::mutex> lock(mutex_);
      if (stop_)
        throw std::runtime_error("enqueue on stopped JobRunner");
      tasks_.emplace([task] { (*task)(); });
    }
    condition_.notify_one();
    return result;
  }

  ~JobRunner() {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      stop_ = true;
    }
    condition_.notify_all();
    for (std::thread &worker : workers_)
      worker.join();
  }

  JobRunner(const JobRunner &) = delete;
  JobRunner &operator=(const JobRunner &) = delete;

private:
  std::vector<std::thread> workers_;
  std::queue<std::function<void()>> tasks_;
  std::mutex mutex_;
  std::condition_variable condition_;
  bool stop_ = false;
};

void publishBatch(JobRunner &runner, kafka::KafkaProducer &producer,
                  const std::vector<kafka::ProducerRecord> &batch) {
  for (const kafka::ProducerRecord &record : batch) {
    runner.enqueue(
        [&producer](const kafka::ProducerRecord &r) {
          producer.send(r); // BUG: use-after-close #batch
        },
        record);
  }
  producer.close(); // SAME: batch
}

std::size_t publishBatchAndWait(JobRunner &runner, kafka::KafkaProducer &producer,
                                const std::vector<kafka::ProducerRecord> &batch) {
  std::vector<std::future<std::size_t>> sent;
  sent.reserve(batch.size());
  for (const kafka::ProducerRecord &record : batch) {
    sent.push_back(runner.enqueue(
        [&producer](const kafka::ProducerRecord &r) {
          producer.send(r); // OK
          return r.Value.size();
        },
        record));
  }
  std::size_t bytes = 0;
  for (std::future<std::size_t> &f : sent)
    bytes += f.get();
  producer.close(); // OK
  return bytes;
}
