// A metrics exporter keeps one KafkaProducer per partition in a vector and
// one EventChannel per tenant in a map. drain() closes every element in a
// loop; sending on producers[0] or channels.at("billing") afterwards is a use
// after close (bugs). Sends before the loop are correct.
#include "messaging.h"

#include <map>
#include <string>
#include <vector>

class MetricsExporter {
public:
  explicit MetricsExporter(std::size_t partitions) : producers_(partitions) {
    channels_["billing"];
    channels_["search"];
  }

  void exportSample(const std::string &sample) {
    producers_[0].send({"metrics", sample}); // OK
    channels_.at("billing").send(sample); // OK
  }

  void drain() {
    for (kafka::KafkaProducer &producer : producers_)
      producer.close();
    for (auto &[tenant, channel] : channels_)
      channel.close();

    producers_[0].send({"metrics", "exporter stopped"}); // BUG: use-after-close
    channels_.at("billing").send("exporter stopped"); // BUG: use-after-close
  }

private:
  std::vector<kafka::KafkaProducer> producers_;
  std::map<std::string, EventChannel> channels_;
};
