// Descriptors kept as the elements of standard containers (`fds[i]`,
// `basins.at(kNorth)`, the mapped int of a map) are tracked as descriptors,
// whatever the container calls its element type (`mapped_type`), and a
// named integer constant keys the element its value keys. Another key is
// another descriptor; one replaced after its close is a new one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstring>
#include <map>
#include <unordered_map>
#include <unistd.h>
#include <vector>

constexpr int kNorth = 1;
constexpr int kSouth = 2;

void coolNorth(std::unordered_map<int, int> &basins) {
  ::close(basins.at(kNorth));
  ::write(basins.at(kSouth), "SET 92\n", 7);
  ::write(basins.at(1), "SET 0\n", 6);
  // CHECK: [[@LINE-1]]:3: warning: call to 'write' on 'basins.at(1)' after it was closed
}

void closeSlot(std::vector<int> &fds, std::size_t i) {
  ::close(fds[i]);
  ::write(fds[i], "x", 1);
  // CHECK: [[@LINE-1]]:3: warning: call to 'write' on 'fds[i]' after it was closed
}

void replaceSlot(std::map<int, int> &byId, int id, int fresh) {
  ::close(byId.at(id));
  byId[id] = fresh;
  ::write(byId.at(id), "HELLO\n", 6);
}
