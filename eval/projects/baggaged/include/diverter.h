// DiverterController: one pusher/flap on the sorter, addressed by its
// fieldbus node. release() parks it for good; a released diverter refuses
// further positioning.
#pragma once
#include <memory>
#include <string>

class Fieldbus;

class DiverterController {
 public:
  DiverterController(int node, std::shared_ptr<Fieldbus> bus);
  void setPosition(int position);   // throws std::runtime_error once released or with the bus down
  void release();                   // idempotent
  bool released() const;
  int position() const;
  int node() const;

 private:
  int node_;
  std::shared_ptr<Fieldbus> bus_;
  int position_ = 0;
  bool released_ = false;
};
