// TielineRouter: programme tielines to remote sites. attach() brings a line
// up on the opus profile; retire() takes it out of the map, then says
// goodbye and closes it.
#include "tielines.h"
#include "codec_tie.h"

#include <stdexcept>

void TielineRouter::attach(const std::string &site,
                           std::shared_ptr<CodecLink> line) {
  if (!line->isOpen() && !line->connect())
    throw std::runtime_error("tieline " + site + ": connect failed");
  line->negotiate("opus/48k/stereo");
  line->sendCue("TIELINE " + site + " UP"); // BUG: use-after-close
  std::lock_guard<std::mutex> lock(mu_);
  lines_[site] = std::move(line);
}

void TielineRouter::route(const std::string &site,
                          const std::vector<uint8_t> &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = lines_.find(site);
  if (it == lines_.end())
    return;
  it->second->sendFrame(frame); // OK: retire() erases a line under this lock before closing it
}

void TielineRouter::retire(const std::string &site) {
  std::shared_ptr<CodecLink> line;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = lines_.find(site);
    if (it == lines_.end())
      return;
    line = std::move(it->second);
    lines_.erase(it);
  }
  if (line->isOpen())
    line->sendCue("TIELINE " + site + " DOWN");
  line->close();
}

std::vector<std::string> TielineRouter::sites() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  for (const auto &entry : lines_)
    out.push_back(entry.first);
  return out;
}
