// Draws the report's charts from the JSON in #report-data with the inlined Chart.js, then marks
// the body with data-charts-drawn (or data-chart-error) so a headless browser can tell.
(function () {
  'use strict';
  var status = document.getElementById('charts-status');
  function fail(message) {
    document.body.setAttribute('data-chart-error', String(message));
    status.textContent = 'chart error: ' + message;
  }
  window.addEventListener('error', function (e) { fail(e.message); });
  try {
    var data = JSON.parse(document.getElementById('report-data').textContent);
    var palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1',
      '#ff9da7', '#9c755f', '#bab0ac', '#1f77b4', '#8c564b', '#17becf', '#bcbd22', '#7f7f7f'];
    var common = { responsive: true, maintainAspectRatio: false, animation: false,
      plugins: { legend: { position: 'bottom' } } };
    function cell(task, variant) {
      for (var i = 0; i < data.cells.length; i++) {
        var c = data.cells[i];
        if (c.task === task && c.variant === variant) { return c; }
      }
      return null;
    }
    var variants = [];
    data.cells.forEach(function (c) { if (variants.indexOf(c.variant) < 0) { variants.push(c.variant); } });
    var drawn = 0;

    var peerNames = { duckdb: 'DuckDB on the text', 'duckdb-loaded': 'DuckDB on its own tables',
      spark: 'Spark SQL on the text', 'spark-parquet': 'Spark SQL on Parquet' };
    function isPeer(v) { return data.peers.indexOf(v) >= 0; }

    // 1. Best variant per task beside the paper's factor for that task (no peers: they have their chart).
    new Chart(document.getElementById('best'), {
      type: 'bar',
      data: {
        labels: data.tasks.map(function (t) { return data.best[t] ? t + ' (' + data.best[t].variant + ')' : t; }),
        datasets: [
          { label: 'HadoopOpt, best variant', backgroundColor: palette[0],
            data: data.tasks.map(function (t) { return data.best[t] ? data.best[t].speedup : null; }) },
          { label: 'paper (per task)', backgroundColor: palette[1],
            data: data.tasks.map(function (t) { var p = data.paper[t]; return p ? (p.low === p.high ? p.high : [p.low, p.high]) : null; }) }
        ]
      },
      options: Object.assign({}, common, { scales: { y: { beginAtZero: true, title: { display: true, text: 'speedup over baseline (x)' } } } })
    });
    drawn++;

    // 2. Seconds: baseline, our best on the text and on a loaded copy, each peer column; log axis, so a
    // peer 100x faster leaves our bars readable.
    var timeSets = [
      { label: 'stock Hadoop (baseline)', backgroundColor: palette[2],
        data: data.tasks.map(function (t) { var c = cell(t, 'baseline'); return c ? c.median : null; }) },
      { label: 'HadoopOpt, best variant on the text', backgroundColor: palette[0],
        data: data.tasks.map(function (t) { var v = data.bestText[t]; var c = v ? cell(t, v) : null; return c ? c.median : null; }) },
      { label: 'HadoopOpt, best variant on a loaded copy', backgroundColor: palette[1],
        data: data.tasks.map(function (t) { var v = data.bestLoaded[t]; var c = v ? cell(t, v) : null; return c ? c.median : null; }) }
    ];
    data.peers.forEach(function (p, i) {
      if (data.cells.some(function (c) { return c.variant === p; })) {
        timeSets.push({ label: peerNames[p] || p, backgroundColor: palette[4 + i],
          data: data.tasks.map(function (t) { var c = cell(t, p); return c ? c.median : null; }) });
      }
    });
    new Chart(document.getElementById('peers'), {
      type: 'bar',
      data: { labels: data.tasks, datasets: timeSets },
      options: Object.assign({}, common, { scales: { y: { type: 'logarithmic', title: { display: true, text: 'median seconds (log scale)' } } } })
    });
    drawn++;

    // 3. Every Hadoop variant (peers excluded) per task.
    var hadoopVariants = variants.filter(function (v) { return !isPeer(v); });
    new Chart(document.getElementById('variants'), {
      type: 'bar',
      data: {
        labels: data.tasks,
        datasets: hadoopVariants.map(function (v, i) {
          return { label: v, backgroundColor: palette[i % palette.length],
            data: data.tasks.map(function (t) { var c = cell(t, v); return c ? c.speedup : null; }) };
        })
      },
      options: Object.assign({}, common, { scales: { y: { title: { display: true, text: 'speedup over baseline (x)' } } } })
    });
    drawn++;

    // 4. Measured / ideal: Krevat's model and the CPU floor (our extension), baseline and the best variant.
    new Chart(document.getElementById('ideal'), {
      type: 'bar',
      data: {
        labels: data.tasks,
        datasets: [
          { label: 'baseline / Krevat model', backgroundColor: palette[2],
            data: data.tasks.map(function (t) { var c = cell(t, 'baseline'); return c ? c.krevatRatio : null; }) },
          { label: 'best variant / Krevat model', backgroundColor: palette[0],
            data: data.tasks.map(function (t) { var b = data.best[t]; var c = b ? cell(t, b.variant) : null; return c ? c.krevatRatio : null; }) },
          { label: 'baseline / CPU floor (ours)', backgroundColor: palette[3],
            data: data.tasks.map(function (t) { var c = cell(t, 'baseline'); return c ? c.overIdeal : null; }) },
          { label: 'best variant / CPU floor (ours)', backgroundColor: palette[1],
            data: data.tasks.map(function (t) { var b = data.best[t]; var c = b ? cell(t, b.variant) : null; return c ? c.overIdeal : null; }) }
        ]
      },
      options: Object.assign({}, common, { scales: { y: { type: 'logarithmic', title: { display: true, text: 'measured / ideal' } } } })
    });
    drawn++;

    if (!document.body.hasAttribute('data-chart-error')) {
      document.body.setAttribute('data-charts-drawn', String(drawn));
      status.textContent = 'charts drawn: ' + drawn;
    }
  } catch (e) {
    fail(e && e.message ? e.message : e);
  }
})();
