// BatchUploader: collects boarding events and ships them to the back office
// in batches through its own copy of the shared producer. The destructor
// ships whatever is still pending. Inside the Terminal the uploader is
// declared before the BoardingPublisher, whose destructor closes the shared
// producer (terminal.h).
#include "boarding.h"

#include <utility>

namespace ferry {

BatchUploader::BatchUploader(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                             std::size_t batchSize)
    : producer_(std::move(producer)), topic_(std::move(topic)), batchSize_(batchSize) {}

BatchUploader::~BatchUploader() {
  std::lock_guard<std::mutex> lk(mu_);
  if (pending_.empty())
    return;
  producer_->send(kafka::ProducerRecord{topic_, encodeBatch(pending_)}); // BUG: use-after-close
}

void BatchUploader::add(const BoardingEvent &e) {
  bool full = false;
  {
    std::lock_guard<std::mutex> lk(mu_);
    pending_.push_back(e);
    full = pending_.size() >= batchSize_;
  }
  if (full)
    flush();
}

void BatchUploader::flush() {
  std::vector<BoardingEvent> batch;
  {
    std::lock_guard<std::mutex> lk(mu_);
    batch.swap(pending_);
  }
  if (batch.empty())
    return;
  producer_->send(kafka::ProducerRecord{topic_, encodeBatch(batch)}); // SAME: uploaderstale
}

void BatchUploader::uploadFinal(const std::string &sailingId) {
  std::vector<BoardingEvent> batch;
  {
    std::lock_guard<std::mutex> lk(mu_);
    batch.swap(pending_);
  }
  std::string body = encodeBatch(batch);
  body += "END " + sailingId + "\n";
  producer_->send(kafka::ProducerRecord{topic_ + ".final", body}); // SAME: planflush
}

std::size_t BatchUploader::pending() const {
  std::lock_guard<std::mutex> lk(mu_);
  return pending_.size();
}

} // namespace ferry
