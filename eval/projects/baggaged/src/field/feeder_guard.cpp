// isLive()/canInduct(): the guards callers use before telegrams to a belt.
// Correct: canInduct() queries the PLC only after isLive() saw the link Up.
#include "feeder.h"
#include "feeder_guard.h"

bool isLive(const Feeder& feeder) {
  return !feeder.halted_ && feeder.link_ && feeder.link_->isOpen();
}

bool canInduct(const Feeder& feeder) {
  if (!isLive(feeder)) return false;
  std::string reply = feeder.link_->queryStatus(); // OK: isLive() checked the link is Up
  return reply.find("READY") != std::string::npos;
}
