// The element of a container at a key is one object: a literal key, an
// enumerator, or a local or parameter while it is unchanged (`m.at(id)`,
// `v[i]`, `m["orders"]`, a reference bound to one of them). Another key, a
// changed variable or a computed key (`v[i + 1]`) names another element.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>
using namespace kafka;

void sameKey(std::map<std::string, KafkaProducer> &m, const std::string &id,
             ProducerRecord r) {
  m.at(id).close();
  // CHECK: keyed-elements.cpp:[[@LINE+1]]:12: warning: call to 'send' on 'm.at(id)' after it was closed
  m.at(id).send(r);
}

void otherKey(std::map<std::string, KafkaProducer> &m, const std::string &id,
              const std::string &other, ProducerRecord r) {
  m.at(id).close();
  m.at(other).send(r);
  m.at("monitor").send(r);
}

void literalKeys(std::map<std::string, KafkaProducer> &m, ProducerRecord r) {
  KafkaProducer &orders = m["orders"];
  m.at("refunds").close();
  orders.send(r);
  orders.close();
  // CHECK: keyed-elements.cpp:[[@LINE+1]]:18: warning: call to 'send' on 'm.at("orders")' after it was closed
  m.at("orders").send(r);
}

void changedKey(std::map<std::string, KafkaProducer> &m, std::string id,
                ProducerRecord r) {
  m.at(id).close();
  id = "next";
  m.at(id).send(r);
}

void indexed(std::vector<std::FILE *> &files, std::size_t i) {
  std::fclose(files[i]);
  if (i + 1 < files.size())
    std::fputs("next\n", files[i + 1]);
  // CHECK: keyed-elements.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'files[i]' after it was closed
  std::fputs("footer\n", files[i]);
}

void eachIndex(std::vector<std::FILE *> &files) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::fputs("footer\n", files[i]);
    std::fclose(files[i]);
  }
}

// Every element closed: the one at any key is closed too.
void allThenOne(std::map<std::string, KafkaProducer> &m, ProducerRecord r) {
  for (auto &[name, p] : m)
    p.close();
  // CHECK: keyed-elements.cpp:[[@LINE+1]]:17: warning: call to 'send' on 'm.at("audit")' that may have been closed
  m.at("audit").send(r);
}

// The element replaced: a new object at that key.
void replaced(std::map<std::string, KafkaProducer> &m, const std::string &id,
              ProducerRecord r) {
  m.at(id).close();
  m.erase(id);
  m[id].send(r);
}

// Every element closed, then the one at a key reopened: that one is open,
// the others are still closed.
void reopenOne(std::vector<std::ofstream> &logs) {
  for (auto &log : logs)
    log.close();
  logs[0].open("fresh.log");
  logs[0] << "restarted\n";
  // CHECK: keyed-elements.cpp:[[@LINE+1]]:11: warning: call to 'operator<<' on 'logs[1]' that may have been closed
  logs[1] << "late\n";
}
