// MixdownArchive: encodes aired programme into archive takes on a background
// stagehand and logs each finished take to a sidecar as-run file.
#include "mixdown.h"
#include "timecode.h"

#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <utility>

MixdownArchive::MixdownArchive(const std::string &directory,
                               const std::string &stamp)
    : encoder_("mixdown"), sidecar_(directory), directory_(directory) {
  if (!sidecar_.open("mixdown-" + stamp))
    throw std::runtime_error("mixdown: cannot open sidecar in " + directory);
}

void MixdownArchive::submit(std::string item, std::vector<int16_t> pcm) {
  encoder_.post([this, item = std::move(item), pcm = std::move(pcm)] {
    encode(item, pcm);
    sidecar_.append({nowStamp(), "MIXDOWN", item}); // BUG: use-after-close
  });
}

void MixdownArchive::encode(const std::string &item,
                            const std::vector<int16_t> &pcm) {
  const std::string path =
      directory_ + "/" + item + "-" + std::to_string(takes_ + 1) + ".pcm";
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error("mixdown: cannot create " + path);
  const ssize_t n = ::write(fd, pcm.data(), pcm.size() * sizeof(int16_t));
  ::close(fd);
  if (n < 0)
    throw std::runtime_error("mixdown: write failed for " + path);
  ++takes_;
}
