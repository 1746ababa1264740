#include "chatd/transcript.h"
#include "chatd/util.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace chatd {

Transcript::Transcript(std::string path) : path_(std::move(path)) {
  fp_ = std::fopen(path_.c_str(), "a");
  if (fp_ == nullptr)
    throw std::system_error(errno, std::generic_category(), "open " + path_);
}

Transcript::~Transcript() { close(); }

void Transcript::append(const std::string &who, const std::string &text) {
  if (fp_ == nullptr)
    throw std::runtime_error("transcript closed");
  std::fprintf(fp_, "%lld %s: %s\n", nowMillis(), who.c_str(), text.c_str());
}

void Transcript::flush() {
  if (fp_ == nullptr)
    return;
  std::fflush(fp_);
}

void Transcript::close() {
  if (fp_ == nullptr)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

} // namespace chatd
