// PsnameScroller: scrolls "now playing" through the 8-character RDS programme
// service name, one frame every 400 ms, and traces what was sent.
#pragma once
#include "asrun.h"
#include "stagehand.h"
#include <string>

class RdsInjector;

class PsnameScroller {
public:
  PsnameScroller(RdsInjector &rds, const std::string &traceDir,
                 const std::string &stamp);
  void scroll(const std::string &text);
  /// Lets queued frames go out, then refuses new ones.
  void quiesce();

private:
  RdsInjector &rds_;
  AsrunWriter trace_;
  Stagehand ticker_;
};
