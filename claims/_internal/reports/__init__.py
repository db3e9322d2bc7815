"""Reports of the kill matrix: the Stryker mutation-testing-report JSON, an offline HTML page, and views by rule and claim."""
