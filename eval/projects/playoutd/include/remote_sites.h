// RemoteSites: outside-broadcast sites and their producers; talkback and
// cue text go down the same codec link the programme tieline uses.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>

class CodecLink;

class RemoteSites {
public:
  void adopt(const std::string &site, std::shared_ptr<CodecLink> line,
             std::string producer);
  void talkback(const std::string &site, const std::string &text);
  /// Sends the cue only if the site's link is still open.
  bool cueIfLive(const std::string &site, const std::string &text);
  void forget(const std::string &site);
  int cuesSent(const std::string &site) const;

private:
  struct Site {
    std::shared_ptr<CodecLink> line;
    std::string producer;
    int cues = 0;
  };
  mutable std::mutex mu_;
  std::map<std::string, Site> sites_;
};
