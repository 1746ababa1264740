// BasebandDistributor: announces recording headers to the correlator nodes
// that receive this dish's baseband stream.
#pragma once
#include "netline.h"
#include <memory>
#include <string>
#include <vector>

class ShiftLog;

class BasebandDistributor {
public:
  explicit BasebandDistributor(ShiftLog &log);
  void addSink(std::shared_ptr<NetLine> sink);
  void announce(const std::string &header);
  /// Sends end-of-stream and closes every sink.
  void retire();
  std::size_t liveSinks() const;

private:
  ShiftLog &log_;
  std::vector<std::shared_ptr<NetLine>> sinks_;
};
