// Every producer of a map is closed; then the one found at a key is
// replaced through the iterator (`it->second = makeProducer()`): a send
// through that iterator goes to the new producer. Without the replacement,
// or when the close of every element comes after it, the send is on a
// closed producer.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

class RegionProducer {
public:
  void send(const std::string &m) {
    if (closed_) throw std::runtime_error("Cannot send after the producer is closed");
    (void)m;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
};
std::unique_ptr<RegionProducer> makeRegionProducer();
using RegionMap = std::map<std::string, std::unique_ptr<RegionProducer>>;

void replacedAfterAll(RegionMap &regions) {
  for (auto &kv : regions)
    kv.second->close();
  auto it = regions.find("national");
  if (it == regions.end())
    return;
  it->second = makeRegionProducer();
  it->second->send("summary");
}

void notReplaced(RegionMap &regions) {
  for (auto &kv : regions)
    kv.second->close();
  auto it = regions.find("national");
  if (it == regions.end())
    return;
  // CHECK: element-at-key-replaced-after-each-closed.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'it->second' that may have been closed
  it->second->send("summary");
}

void replacedBeforeAll(RegionMap &regions) {
  auto it = regions.find("national");
  if (it == regions.end())
    return;
  it->second = makeRegionProducer();
  for (auto &kv : regions)
    kv.second->close();
  // CHECK: element-at-key-replaced-after-each-closed.cpp:[[@LINE+1]]:15: warning: call to 'send' on 'it->second' that may have been closed
  it->second->send("summary");
}
