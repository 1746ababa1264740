// The revolve (turntable), driven by one axis of the fly rail.
#pragma once
#include "axisdrive.h"
#include "component.h"
#include <memory>
#include <mutex>

namespace cued {

class Revolve final : public Component {
public:
  Revolve(std::shared_ptr<AxisDrive> axis, double homeMetres);

  const std::string &name() const override { return name_; }
  void start() override;
  void stop() override;
  bool running() const override;
  /// Verbs: "turn" (degrees, relative), "speed" (m/s at the rim).
  void command(const std::string &verb, double value) override;

  /// Turns back to the home mark. Throws once stopped.
  void home();
  /// Points the revolve at another drive (after the rail is rebuilt).
  void rebind(std::shared_ptr<AxisDrive> axis);

private:
  enum class State { Idle, Live, Stopped };
  void requireLiveLocked(const std::string &verb) const;

  const std::string name_ = "revolve";
  mutable std::mutex mu_;
  State state_ = State::Idle;
  std::shared_ptr<AxisDrive> axis_;
  double homeMetres_;
  double rimSpeed_ = 0.3;
};

} // namespace cued
