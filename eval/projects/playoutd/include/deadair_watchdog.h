// DeadairWatchdog: raises a dead-air alarm to the engineering pager topic
// when silence events persist on air.
#pragma once
#include "annunciator.h"
#include "messaging.h"
#include <memory>
#include <string>

class DeadairWatchdog : public Subscriber {
public:
  DeadairWatchdog(Annunciator &bus, const std::string &brokers, int graceEvents);
  ~DeadairWatchdog() override;
  void onEvent(const AirEvent &ev) override;
  void close();

private:
  Annunciator &bus_;
  std::unique_ptr<kafka::KafkaProducer> alarms_;
  int grace_;
  int silentRun_ = 0;
  bool closed_ = false;
};
