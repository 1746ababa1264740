// Feeding-behaviour rig for red admirals: a proboscis-contact sensor on the
// nectar feeder and a thorax-temperature probe. Readings are logged to a FILE*
// held by shared_ptr whose deleter fcloses it, and published to Kafka through
// a producer held by shared_ptr whose deleter flushes, closes and deletes it.
// Trials and sensor callbacks keep copies; the dashboard keeps weak_ptrs.
// Negative case: nothing closes either handle except its deleter, which runs
// only when the last shared_ptr goes away, so every use through a live
// shared_ptr (a copy in a lambda, a lock()ed weak_ptr, the old log kept by a
// trial after the rig rotated to a new one) is on an open handle.
#include "messaging.h"

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using AdmiralLog = std::shared_ptr<FILE>;
using AdmiralPublisher = std::shared_ptr<kafka::KafkaProducer>;

AdmiralLog open_admiral_log(const std::string &path) {
  FILE *f = std::fopen(path.c_str(), "a");
  if (!f)
    return nullptr;
  return AdmiralLog(f, [](FILE *p) { std::fclose(p); });
}

AdmiralPublisher open_publisher(const std::string &brokers) {
  return AdmiralPublisher(new kafka::KafkaProducer(brokers), [](kafka::KafkaProducer *p) {
    p->flush();
    p->close();
    delete p;
  });
}

struct ProboscisTrial {
  std::string individual;
  AdmiralLog log;
  AdmiralPublisher pub;
  void contact(double seconds) {
    std::fprintf(log.get(), "%s probe %.2fs\n", individual.c_str(), seconds); // OK: the trial's copy keeps it open
    pub->send({"admiral.contacts", individual + ":" + std::to_string(seconds)});
  }
};

class ThoraxRig {
public:
  ThoraxRig(AdmiralLog log, AdmiralPublisher pub) : log_(std::move(log)), pub_(std::move(pub)) {}

  std::function<void(double)> thorax_callback(const std::string &individual) {
    return [log = log_, individual](double celsius) {
      std::fprintf(log.get(), "%s thorax %.1fC\n", individual.c_str(), celsius);
    };
  }
  ProboscisTrial start_trial(const std::string &individual) { return {individual, log_, pub_}; }
  void rotate_log(const std::string &path) {
    if (AdmiralLog next = open_admiral_log(path))
      log_ = std::move(next); // the old file closes when the last trial lets go of it
  }
  std::weak_ptr<FILE> log_view() const { return log_; }
  std::weak_ptr<kafka::KafkaProducer> publisher_view() const { return pub_; }
  void retire() {
    log_.reset();
    pub_.reset();
  }

private:
  AdmiralLog log_;
  AdmiralPublisher pub_;
};

void dashboard_tick(const std::weak_ptr<FILE> &log, const std::weak_ptr<kafka::KafkaProducer> &pub) {
  if (auto f = log.lock())
    std::fputs("dashboard: alive\n", f.get()); // OK: a locked owner means the deleter has not run
  if (auto p = pub.lock())
    p->send({"admiral.heartbeat", "rig"}); // OK: same for the producer
}

int run_session(const std::vector<std::string> &individuals) {
  AdmiralLog log = open_admiral_log("admiral-feeding.log");
  if (!log)
    return 1;
  ThoraxRig rig(log, open_publisher("lab-kafka:9092"));
  log.reset();
  std::vector<ProboscisTrial> trials;
  std::vector<std::function<void(double)>> probes;
  for (const std::string &id : individuals) {
    trials.push_back(rig.start_trial(id));
    probes.push_back(rig.thorax_callback(id));
  }
  rig.rotate_log("admiral-feeding-2.log");
  auto log_view = rig.log_view();
  auto pub_view = rig.publisher_view();
  rig.retire();
  for (std::size_t i = 0; i < trials.size(); ++i) {
    trials[i].contact(1.5);
    probes[i](24.5); // OK: the lambda owns a copy of the first log
  }
  dashboard_tick(log_view, pub_view); // OK: the rotated log is gone (lock fails), the trials still own the producer
  return 0;
}
