#include "buildfarm/metrics_reporter.h"
#include "buildfarm/reconnecting_producer.h"
#include "buildfarm/shutdown_registry.h"
#include "buildfarm/status_file.h"

#include <utility>

namespace buildfarm {

std::string toJson(const AgentStats &s) {
  return "{\"agent\":\"" + s.agentId + "\",\"state\":\"" + s.state +
         "\",\"job\":\"" + s.currentJob + "\",\"jobs_run\":" +
         std::to_string(s.jobsRun) + ",\"jobs_failed\":" +
         std::to_string(s.jobsFailed) + ",\"cache_bytes\":" +
         std::to_string(s.cacheBytes) + "}";
}

MetricsReporter::MetricsReporter(ReconnectingProducer &producer, std::string topic,
                                 StatusFile &status,
                                 std::function<AgentStats()> sample,
                                 std::chrono::milliseconds interval)
    : producer_(producer), topic_(std::move(topic)), status_(status),
      sample_(std::move(sample)), interval_(interval) {}

MetricsReporter::~MetricsReporter() {
  stop(); // OK: the thread is joined at most once
}

void MetricsReporter::start() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (thread_.joinable())
    return;
  stopping_ = false;
  thread_ = std::thread([this] { loop(); });
}

void MetricsReporter::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
}

void MetricsReporter::registerHooks(ShutdownRegistry &hooks) {
  hooks.add("metrics", [this] { stop(); });
}

std::uint64_t MetricsReporter::published() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return published_;
}

void MetricsReporter::loop() {
  // Taken once: with slow brokers the reporter must not queue up behind the
  // log pump on the producer's lock.
  const std::shared_ptr<kafka::KafkaProducer> producer = producer_.current();
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    lock.unlock();
    const std::string json = toJson(sample_());
    if (producer)
      producer->send({topic_, json}); // BUG: use-after-close #metrics_producer
    status_.write(json); // BUG: use-after-close #status_hook
    lock.lock();
    ++published_;
  }
}

} // namespace buildfarm
