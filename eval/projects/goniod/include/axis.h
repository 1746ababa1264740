// goniod — one motorised axis of the goniometer behind its controller link.
// move_to()/position() throw once the axis is released; halt() on a released
// axis does nothing; release() throws std::logic_error when called twice.
#pragma once
#include <memory>
#include <string>

#include "prefs.h"

namespace goniod {

class PvConn;

class AxisDriver {
public:
  virtual ~AxisDriver();
  AxisDriver(const AxisDriver &) = delete;
  AxisDriver &operator=(const AxisDriver &) = delete;

  virtual void move_to(double degrees) = 0;
  virtual double position() = 0;
  virtual void halt() = 0;
  virtual void release() = 0;
  virtual bool released() const = 0;
  const std::string &name() const { return name_; }

protected:
  explicit AxisDriver(std::string name) : name_(std::move(name)) {}

private:
  std::string name_;
};

std::unique_ptr<AxisDriver> make_axis(const AxisSpec &spec,
                                      std::shared_ptr<PvConn> gateway);

// Releases the axis unless it already is; never throws.
bool try_release(AxisDriver &axis) noexcept;

} // namespace goniod
