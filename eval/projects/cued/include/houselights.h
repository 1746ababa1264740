// House lights, driven through the lighting console's network port.
#pragma once
#include "beatkeeper.h"
#include "component.h"
#include "decksocket.h"
#include <cstdint>
#include <memory>
#include <mutex>

namespace cued {

class HouseLights final : public Component {
public:
  HouseLights(std::string host, std::uint16_t port, Beatkeeper &beat);
  ~HouseLights() override;

  const std::string &name() const override { return name_; }
  void start() override;
  void stop() override;
  bool running() const override;
  /// Verbs: "level" (0..1, immediate), "fade" (0..1 over fadeSeconds_).
  void command(const std::string &verb, double value) override;

  /// Re-dials the console after it was power-cycled.
  void relink();

private:
  enum class State { Idle, Live, Stopped };
  void stepFade();
  void sendLevelLocked(double level);

  const std::string name_ = "houselights";
  std::string host_;
  std::uint16_t port_;
  Beatkeeper &beat_;
  mutable std::mutex mu_;
  State state_ = State::Idle;
  std::unique_ptr<DeckSocket> console_;
  double level_ = 0.0;
  double fadeTarget_ = 0.0;
  double fadeStep_ = 0.0;
  double fadeSeconds_ = 3.0;
  Beatkeeper::Token fadeToken_ = 0;
};

} // namespace cued
