// MicrowaveStl: the studio-transmitter link. The codec link over the
// microwave hop is replaced by a fresh one over the backup path on failover;
// every use takes the lock and checks that a link is there and open.
#include "microwave_stl.h"
#include "codec_tie.h"

#include <cstdio>
#include <utility>

MicrowaveStl::MicrowaveStl(std::string site, std::string primaryHost,
                           std::string backupHost, uint16_t port,
                           std::string profile)
    : site_(std::move(site)), primaryHost_(std::move(primaryHost)),
      backupHost_(std::move(backupHost)), port_(port),
      profile_(std::move(profile)) {}

MicrowaveStl::~MicrowaveStl() { drop(); }

bool MicrowaveStl::connect() {
  std::lock_guard<std::mutex> lock(mu_);
  link_ = std::make_unique<CodecLink>(site_, primaryHost_, port_);
  if (!link_->connect())
    return false;
  if (!link_->negotiate(profile_)) {
    std::fprintf(stderr, "stl: %s rejected %s\n", site_.c_str(),
                 profile_.c_str());
    link_.reset();
    return false;
  }
  link_->sendCue("STL " + site_ + " UP"); // OK: negotiate() succeeded, the link is open
  return true;
}

void MicrowaveStl::send(const std::vector<uint8_t> &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!link_ || !*link_)
    return;
  link_->sendFrame(frame); // OK: guarded by the null and operator bool checks
}

bool MicrowaveStl::heartbeat() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!link_)
    return false;
  const bool ok = link_->alive();
  if (!ok) {
    link_->close();
    ++missed_;
  }
  if (ok)
    link_->sendCue("HB " + std::to_string(seq_++)); // OK: only when the stored check said alive
  return ok;
}

bool MicrowaveStl::failover() {
  std::lock_guard<std::mutex> lock(mu_);
  if (link_)
    link_->close();
  link_ = std::make_unique<CodecLink>(site_, backupHost_, port_);
  if (!link_->connect() || !link_->negotiate(profile_)) {
    link_.reset();
    return false;
  }
  link_->sendCue("STL FAILOVER " + site_); // OK: a fresh link replaced the closed one
  return true;
}

void MicrowaveStl::drop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (link_)
    link_->close();
  link_.reset();
}
