#include "chatd/room.h"
#include "chatd/transcript.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace chatd {

Room::Room(std::string name, std::shared_ptr<Transcript> transcript)
    : name_(std::move(name)), transcript_(std::move(transcript)) {}

void Room::setDelivery(Delivery deliver) {
  std::lock_guard<std::mutex> lock(mu_);
  deliver_ = std::move(deliver);
}

void Room::join(const std::string &member) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("room closed");
  if (std::find(members_.begin(), members_.end(), member) == members_.end())
    members_.push_back(member);
}

void Room::leave(const std::string &member) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  members_.erase(std::remove(members_.begin(), members_.end(), member),
                 members_.end());
}

void Room::broadcast(const std::string &from, const std::string &text) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("room closed");
  if (transcript_)
    transcript_->append(from, text); // OK: the transcript is closed only by close(), which sets closed_ under mu_ first
  const std::string line = "[" + name_ + "] " + from + ": " + text;
  if (deliver_) {
    for (const std::string &member : members_)
      deliver_(member, line);
  }
}

void Room::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  members_.clear();
  if (transcript_)
    transcript_->close();
}

bool Room::isClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

std::size_t Room::memberCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return members_.size();
}

} // namespace chatd
