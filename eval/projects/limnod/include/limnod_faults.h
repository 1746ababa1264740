// Error handling shared by the daemon and its components (called on the cycle thread).
#pragma once
#include <atomic>
#include <exception>

class SondeConduit;
class ShorelineTelemeter;

class LimnoFaults {
public:
  /// Logs the fault and closes the telemeter so the radio stops retrying.
  void onTelemeterFault(ShorelineTelemeter &telemeter, const std::exception &why);
  /// Logs the fault and closes the conduit if it is still up.
  void onSondeFault(SondeConduit &conduit, const std::exception &why);
  std::size_t faults() const { return faults_.load(); }

private:
  std::atomic<std::size_t> faults_{0};
};

LimnoFaults &limnoFaults();
