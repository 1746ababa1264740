// LoudnessGauge: integrates programme loudness per item (EBU R128 momentary
// values arrive with ItemEnd/Overload events) and reports it to the meters.
#pragma once
#include "annunciator.h"
#include "messaging.h"
#include <cstdio>
#include <string>

class LoudnessGauge : public Subscriber {
public:
  LoudnessGauge(Annunciator &bus, const std::string &trendPath);
  ~LoudnessGauge() override;
  void onEvent(const AirEvent &ev) override;
  void close();
  double integrated() const;

private:
  Annunciator &bus_;
  EventChannel meters_;
  std::FILE *trend_ = nullptr;
  double energy_ = 0.0;
  int items_ = 0;
};
