// RatingsIntake: a poller thread consumes "ratings.minute" until stop() is
// requested; stop() joins the poller before closing the consumer, and the
// closed_ flag keeps the destructor from closing it a second time.
#include "ratings.h"

#include <utility>

RatingsIntake::RatingsIntake(std::unique_ptr<RdKafka::KafkaConsumer> consumer)
    : consumer_(std::move(consumer)) {}

RatingsIntake::~RatingsIntake() {
  stop(); // OK: closed_ guards the consumer close
}

void RatingsIntake::start(std::function<void(RdKafka::Message *)> onRating) {
  consumer_->subscribe({"ratings.minute"});
  poller_ = std::thread([this, onRating = std::move(onRating)] {
    while (!stopping_.load(std::memory_order_acquire)) {
      RdKafka::Message *msg = consumer_->consume(250); // OK: stop() joins this thread before close()
      if (msg)
        onRating(msg);
    }
    consumer_->commitSync();
  });
}

void RatingsIntake::stop() {
  stopping_.store(true, std::memory_order_release);
  if (poller_.joinable())
    poller_.join();
  if (closed_)
    return;
  consumer_->close();
  closed_ = true;
}

bool RatingsIntake::running() const {
  return !stopping_.load(std::memory_order_acquire);
}
