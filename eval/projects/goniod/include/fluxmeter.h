// goniod — ion-chamber flux sampling, published to the facility in batches.
#pragma once
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "apparatus.h"
#include "messaging.h"
#include "pacemaker.h"
#include "prefs.h"
#include "pvconn.h"


namespace goniod {

class Fluxmeter final : public Component {
public:
  Fluxmeter(const Endpoint &ep, const std::string &brokers, std::string topic);
  ~Fluxmeter() override;
  void start();
  void attach(Pacemaker &pm);
  void detach(Pacemaker &pm);
  void flush();
  void shutdown();
  const std::string &label() const override { return label_; }
  void command(const std::string &verb) override;
  void stop() override;
  bool running() const override { return !stopped_; }

private:
  void sample_loop();

  const std::string label_ = "fluxmeter";
  PvConn conn_;
  kafka::KafkaProducer producer_;
  std::string topic_;
  std::mutex mu_;
  std::vector<std::pair<long long, double>> readings_;
  std::atomic<bool> sampling_{false};
  std::atomic<bool> stopped_{false};
  std::thread sampler_;
  Pacemaker::Token beat_ = 0;
};

} // namespace goniod
