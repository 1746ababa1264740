// A rule loaded at run time from a data file, with reopen methods.
// RUN: %expect_exit 1 %errlint %s --rules %inputs/connection-rule.json --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// Without the rules file, the built-in catalogue says nothing about it.
// RUN: %expect_exit 0 %errlint %s -- %cxxflags | count 0
#include "connection.h"

bool retry();

void reopened(acme::DbConnection &c) {
  c.close();
  c.reconnect();
  c.write(1);
  c.disconnect();
  c.open();
  c.write(2);
}

void notReopened(acme::DbConnection &c) {
  c.disconnect();
  if (retry())
    c.reconnect();
  // CHECK: reopen.cpp:[[@LINE+1]]:5: error: call to 'write' on 'c' that may have been closed [errlint-write-after-disconnect{{(,-warnings-as-errors)?}}]
  c.write(3);
}

void guardedByOpenQuery(acme::DbConnection &c) {
  c.close();
  if (c.connected())
    c.write(4);
}

void outsideNamespace(DbConnection &c) {
  c.close();
  c.write(5);
}

// The same source through clang-tidy with the plugin: the same findings.
// The rule's severity is error: clang-tidy reports it as one when told to.
// RUN: %expect_exit 1 %tidy %s --config="{CheckOptions: {errlint.ExtraRules: %inputs/connection-rule.json, errlint.Cite: none}}" --warnings-as-errors=errlint-write-after-disconnect -- %cxxflags | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect_exit 0 %tidy %s -- %cxxflags | count 0
