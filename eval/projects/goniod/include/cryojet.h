// goniod — the cryojet that keeps the mounted crystal at 100 K.
#pragma once
#include <atomic>
#include <string>
#include <thread>

#include "apparatus.h"
#include "prefs.h"
#include "pvconn.h"

namespace goniod {

class Cryojet final : public Component {
public:
  explicit Cryojet(const Endpoint &ep);
  ~Cryojet() override;
  void start();
  const std::string &label() const override { return label_; }
  void command(const std::string &verb) override;
  void stop() override;
  bool running() const override { return !stopped_; }
  double nozzle_kelvin() const { return kelvin_.load(); }

private:
  void sample_loop();

  const std::string label_ = "cryojet";
  PvConn conn_;
  std::atomic<bool> sampling_{false};
  std::atomic<bool> stopped_{false};
  std::atomic<double> kelvin_{0.0};
  std::thread sampler_;
};

} // namespace goniod
