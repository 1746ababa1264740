// The dispatcher closes its producer when the broker reports a fatal error.
// onFatalError() recreates it only when the policy allows, then sends the
// payload to the dead-letter topic on both paths: with recreateOnError off
// the send hits the closed producer (bug). onAuthExpired() recreates it on
// both branches before sending (fine). reopenTrace() reopens the trace file
// only in verbose mode and writes the marker unconditionally (bug).
#include "messaging.h"
#include <cstdio>
#include <memory>
#include <string>
#include <utility>

struct RetryPolicy {
  bool recreateOnError = true;
  bool preferBackup = false;
};

class Dispatcher {
public:
  Dispatcher(std::string brokers, std::string backup, RetryPolicy policy)
      : brokers_(std::move(brokers)), backup_(std::move(backup)),
        policy_(policy), producer_(kafka::createProducer(brokers_)) {}

  void onFatalError(const std::string &payload) {
    producer_->close();
    if (policy_.recreateOnError)
      producer_ = kafka::createProducer(brokers_);
    producer_->send({"dead-letter", payload}); // BUG: use-after-close
  }

  void onAuthExpired(const std::string &payload) {
    producer_->close();
    if (policy_.preferBackup)
      producer_ = kafka::createProducer(backup_);
    else
      producer_ = kafka::createProducer(brokers_);
    producer_->send({"retry", payload}); // OK: replaced on both branches
  }

private:
  std::string brokers_;
  std::string backup_;
  RetryPolicy policy_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

FILE *reopenTrace(FILE *trace, const char *path, bool verbose) {
  std::fclose(trace);
  if (verbose) {
    trace = std::fopen(path, "w");
    if (!trace)
      return nullptr;
  }
  std::fputs("# trace restarted\n", trace); // BUG: use-after-close
  return trace;
}
