// Scrapes the periphyton plates on the raft's legs and weighs the growth.
#pragma once
#include "limno_component.h"

class SondeConduit;

class PeriphytonScraper : public LimnoComponent {
public:
  explicit PeriphytonScraper(LimnoContext &ctx);
  const char *kind() const override { return "periphyton"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  void reportLast();
  LimnoContext &ctx_;
  SondeConduit *lastConduit_ = nullptr; // conduit that took the last scrape
  bool running_ = false;
  int scrapes_ = 0;
  int reportTimer_ = 0;
};
