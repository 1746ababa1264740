// Migratory beekeeping: during almond bloom, every pallet of hives dropped in
// an orchard block is reported to the grower's Kafka topic by a background
// worker, and the hive-scale sampler appends weights to a CSV. Correct: the
// reporter's worker checks stopping_ and sends while holding mu_, and stop()
// sets stopping_ and closes the producer under the same mutex; the sampler is
// joined before its file is closed.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "messaging.h"

struct Placement {
  std::string orchardBlock;
  int pallets;
  int hivesPerPallet;
};

class PlacementReporter {
public:
  explicit PlacementReporter(std::unique_ptr<kafka::KafkaProducer> producer)
      : producer_(std::move(producer)), worker_([this] { run(); }) {}
  ~PlacementReporter() { stop(); }

  void report(Placement p) {
    std::lock_guard<std::mutex> lk(mu_);
    if (stopping_)
      return;
    pending_.push_back(std::move(p));
    cv_.notify_one();
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (!stopping_) {
        stopping_ = true;
        for (const Placement &p : pending_)
          producer_->send({"almond.placements", encode(p)});
        pending_.clear();
        producer_->flush();
        producer_->close(); // OK: the worker only sends while holding mu_
      }
    }
    cv_.notify_all();
    if (worker_.joinable())
      worker_.join();
  }

private:
  static std::string encode(const Placement &p) {
    return p.orchardBlock + ";" + std::to_string(p.pallets * p.hivesPerPallet);
  }

  void run() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      cv_.wait(lk, [this] { return stopping_ || !pending_.empty(); });
      if (stopping_)
        return;
      Placement p = std::move(pending_.front());
      pending_.pop_front();
      producer_->send({"almond.placements", encode(p)}); // OK: stopping_ checked under mu_
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::deque<Placement> pending_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::thread worker_;
};

class HiveScaleSampler {
public:
  explicit HiveScaleSampler(const char *csvPath) : csv_(std::fopen(csvPath, "a")) {}
  void start(double (*readKg)(int), int scales) {
    if (!csv_)
      return;
    sampler_ = std::thread([this, readKg, scales] {
      for (long tick = 0; !done_.load(); ++tick) {
        if (tick % 600 == 0)
          for (int s = 0; s < scales; ++s)
            std::fprintf(csv_, "%d,%.2f\n", s, readKg(s)); // OK: finish() joins before fclose
        std::this_thread::sleep_for(std::chrono::seconds(1));
      }
    });
  }
  void finish() {
    done_ = true;
    if (sampler_.joinable())
      sampler_.join();
    if (csv_) {
      std::fclose(csv_); // OK: the sampler thread has exited
      csv_ = nullptr;
    }
  }
  ~HiveScaleSampler() { finish(); }

private:
  FILE *csv_;
  std::atomic<bool> done_{false};
  std::thread sampler_;
};
