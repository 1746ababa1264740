// Storm-lockdown steps for the feed barge.
#pragma once

#include <memory>

#include "doser.h"
#include "feed_barge.h"
#include "shutdown_sequence.h"

class DrainFeedLineStep final : public Step {
 public:
  explicit DrainFeedLineStep(std::shared_ptr<FeedBarge> barge);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<FeedBarge> barge_;
};

class HaltFeedingStep final : public Step {
 public:
  explicit HaltFeedingStep(std::shared_ptr<FeedBarge> barge);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<FeedBarge> barge_;
};

class PurgeDoserStep final : public Step {
 public:
  explicit PurgeDoserStep(std::shared_ptr<RotaryDoser> doser);
  const char* name() const override;
  Status run() override;

 private:
  std::shared_ptr<RotaryDoser> doser_;
};
