// Cartwall: plays one jingle/sweeper cart at a time on a player thread. The
// player sets finished_ and notifies done_ when the cart is out; stop() waits
// for that before closing the sound card descriptor, and the destructor joins
// the player.
#include "cartwall.h"

#include <stdexcept>
#include <unistd.h>
#include <utility>

Cartwall::Cartwall(std::string name, int outFd)
    : name_(std::move(name)), out_(outFd) {}

Cartwall::~Cartwall() {
  stop(); // OK: stop() closes only while out_ is still valid
  if (player_.joinable())
    player_.join();
}

void Cartwall::load(int slot, std::vector<int16_t> pcm) {
  std::lock_guard<std::mutex> lock(mu_);
  carts_[slot] = std::move(pcm);
}

void Cartwall::fire(int slot) {
  if (player_.joinable())
    player_.join(); // one cart at a time
  std::unique_lock<std::mutex> lock(mu_);
  if (out_ < 0)
    throw std::runtime_error("cartwall " + name_ + " output closed");
  auto it = carts_.find(slot);
  if (it == carts_.end())
    return;
  const std::vector<int16_t> pcm = it->second;
  const int out = out_;
  finished_ = false;
  lock.unlock();

  player_ = std::thread([this, out, pcm] {
    const char *p = reinterpret_cast<const char *>(pcm.data());
    std::size_t left = pcm.size() * sizeof(int16_t);
    while (left > 0) {
      const ssize_t n = ::write(out, p, left); // OK: stop() waits for finished_ before closing
      if (n <= 0)
        break;
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    {
      std::lock_guard<std::mutex> done(mu_);
      finished_ = true;
    }
    done_.notify_all();
  });
}

void Cartwall::stop() {
  std::unique_lock<std::mutex> lock(mu_);
  done_.wait(lock, [this] { return finished_; });
  if (out_ >= 0) {
    ::close(out_); // OK: the player has signalled finished_
    out_ = -1;
  }
}

bool Cartwall::running() const {
  std::lock_guard<std::mutex> lock(mu_);
  return out_ >= 0;
}
