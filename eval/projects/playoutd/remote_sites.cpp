// RemoteSites: the outside-broadcast sites on air and their producers.
// Talkback and cues share the site's codec link with the programme tieline.
// Operator actions, including retiring tielines, run on the automation
// thread; the lock only protects the counters read by the status page.
#include "remote_sites.h"
#include "codec_tie.h"

void RemoteSites::adopt(const std::string &site,
                        std::shared_ptr<CodecLink> line, std::string producer) {
  std::lock_guard<std::mutex> lock(mu_);
  sites_[site] = Site{std::move(line), std::move(producer), 0};
}

void RemoteSites::talkback(const std::string &site, const std::string &text) {
  std::lock_guard<std::mutex> lock(mu_);
  Site &s = sites_.at(site);
  s.line->sendCue("TB " + s.producer + ": " + text); // SAME: obtalk
  ++s.cues;
}

bool RemoteSites::cueIfLive(const std::string &site, const std::string &text) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = sites_.find(site);
  if (it == sites_.end() || !it->second.line->isOpen())
    return false;
  it->second.line->sendCue(text); // OK: isOpen() checked on the shared link
  ++it->second.cues;
  return true;
}

void RemoteSites::forget(const std::string &site) {
  std::lock_guard<std::mutex> lock(mu_);
  sites_.erase(site);
}

int RemoteSites::cuesSent(const std::string &site) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = sites_.find(site);
  return it == sites_.end() ? 0 : it->second.cues;
}
