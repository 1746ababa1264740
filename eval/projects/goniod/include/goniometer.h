// goniod — the goniometer head: omega/kappa/phi and centring axes.
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "axis.h"

namespace goniod {

class Goniometer {
public:
  explicit Goniometer(std::vector<std::unique_ptr<AxisDriver>> axes);
  ~Goniometer();
  Goniometer(const Goniometer &) = delete;
  Goniometer &operator=(const Goniometer &) = delete;

  void rotate_to(double omega_degrees);
  void halt_all();
  void on_fault(const std::string &axis_name);
  void replace_axis(std::unique_ptr<AxisDriver> fresh);
  void park();
  std::vector<std::string> axis_names() const;

private:
  AxisDriver *find_locked(const std::string &axis_name);

  mutable std::mutex mu_;
  std::vector<std::unique_ptr<AxisDriver>> axes_;
};

} // namespace goniod
