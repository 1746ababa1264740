// AirplayExporter: publishes each aired item to "airplay.played" for music
// reporting. stop() closes the producer (it is also called by the lifecycle
// roll); shutdown() is the exporter's own end-of-service sequence.
#include "airplay.h"

AirplayExporter::AirplayExporter(const std::string &brokers)
    : producer_(kafka::createProducer(brokers)) {}

void AirplayExporter::record(const AsrunEntry &entry) {
  if (stopped_)
    return;
  producer_->send({"airplay.played", // OK: stopped_ is set when the producer closes
                   entry.stamp + "|" + entry.source + "|" + entry.item});
}

void AirplayExporter::flush() {
  producer_->flush(); // SAME: airflush
}

void AirplayExporter::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  producer_->close();
}

void AirplayExporter::shutdown() {
  stop();
  flush(); // BUG: use-after-close #airflush
}
