// Freight-yard tracking service. On shutdown the service runs a list of named
// steps through runStep(), which times each step and logs (but swallows) any
// exception so that one failing step cannot block the rest of the shutdown.
// Resources: a kafka::KafkaProducer publishing wagon positions (send() after
// close() fails), a net::Connection to the dispatch desk (send() throws once
// closed), and the daily consist manifest FILE*.
// Defects: the step publishing final wagon positions was appended after the
// step that closes the producer; sealManifest() fcloses the manifest it is
// handed but the member keeps the pointer, so the release-files step closes
// the same FILE* again.
#include "messaging.h"
#include "netconn.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace yard {

static void runStep(const char *name, const std::function<void()> &fn) {
  auto started = std::chrono::steady_clock::now();
  try {
    fn();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "shutdown step %s failed: %s\n", name, e.what());
  }
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - started).count();
  std::fprintf(stderr, "shutdown step %s took %lld ms\n", name, static_cast<long long>(ms));
}

// Writes the manifest footer and closes the file.
static void sealManifest(FILE *fp, int wagons) {
  std::fprintf(fp, "# %d wagons\n", wagons);
  std::fclose(fp);
}

struct WagonPosition {
  std::string wagonId;
  std::string track;
};

class TrackingService {
public:
  TrackingService(const std::string &brokers, const std::string &manifestPath)
      : producer_(kafka::createProducer(brokers)), dispatch_("tcp://dispatch-desk:7001"),
        manifest_(std::fopen(manifestPath.c_str(), "a")) {}

  void onPosition(const WagonPosition &p) {
    positions_.push_back(p);
    producer_->send({"wagon-positions", p.wagonId + "@" + p.track});
    if (manifest_)
      std::fprintf(manifest_, "%s %s\n", p.wagonId.c_str(), p.track.c_str());
  }

  void shutdown() {
    runStep("notify-dispatch", [this] {
      dispatch_.send("YARD-TRACKING OFFLINE"); // OK: dispatch is closed by a later step
    });
    runStep("flush-producer", [this] { producer_->flush(); });
    runStep("close-producer", [this] { producer_->close(); });
    runStep("publish-final-positions", [this] {
      for (const auto &p : positions_)
        producer_->send({"wagon-positions-final", p.wagonId + "@" + p.track}); // BUG: use-after-close
    });
    runStep("seal-manifest", [this] {
      if (manifest_)
        sealManifest(manifest_, static_cast<int>(positions_.size()));
    });
    runStep("close-dispatch", [this] { dispatch_.close(); });
    runStep("report-closed", [this] {
      if (!dispatch_.isClosed())
        dispatch_.send("BYE"); // OK: guarded, dispatch was closed in the previous step
    });
    runStep("release-files", [this] {
      if (manifest_)
        std::fclose(manifest_); // BUG: double-close
      manifest_ = nullptr;
    });
  }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
  net::Connection dispatch_;
  FILE *manifest_;
  std::vector<WagonPosition> positions_;
};

} // namespace yard

void endOfShift(const std::vector<yard::WagonPosition> &positions) {
  yard::TrackingService service("kafka-1:9092,kafka-2:9092", "/var/yard/consist.txt");
  for (const auto &p : positions)
    service.onPosition(p);
  service.shutdown();
}
