// Counts diatom frustules on the slide images the Secchi camera drops.
#pragma once
#include "limno_component.h"
#include <deque>
#include <map>
#include <string>

class DiatomFrustules : public LimnoComponent {
public:
  explicit DiatomFrustules(LimnoContext &ctx);
  ~DiatomFrustules() override;
  const char *kind() const override { return "diatom"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  std::size_t countSlide(const std::string &path);
  void exportTally();
  LimnoContext &ctx_;
  std::deque<std::string> slides_;
  std::map<std::string, std::size_t> tally_;
  int token_ = 0;
  int counted_ = 0;
};
