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

    // 1. Best variant per task, the paper's range, DuckDB.
    new Chart(document.getElementById('best'), {
      type: 'bar',
      data: {
        labels: data.tasks.map(function (t) { return data.best[t] ? t + ' (' + data.best[t].variant + ')' : t; }),
        datasets: [
          { label: 'HadoopOpt, best variant', backgroundColor: palette[0],
            data: data.tasks.map(function (t) { return data.best[t] ? data.best[t].speedup : null; }) },
          { label: 'paper (reported range)', backgroundColor: palette[1],
            data: data.tasks.map(function (t) { var p = data.paper[t]; return p ? [p.low, p.high === p.low ? p.high * 1.02 : p.high] : null; }) },
          { label: 'DuckDB', backgroundColor: palette[4],
            data: data.tasks.map(function (t) { var c = cell(t, 'duckdb'); return c ? c.speedup : null; }) }
        ]
      },
      options: Object.assign({}, common, { scales: { y: { title: { display: true, text: 'speedup over baseline (x)' } } } })
    });
    drawn++;

    // 2. Every variant (DuckDB excluded) per task.
    var hadoopVariants = variants.filter(function (v) { return v !== 'duckdb'; });
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

    // 3. Measured / ideal, baseline and the best variant.
    new Chart(document.getElementById('ideal'), {
      type: 'bar',
      data: {
        labels: data.tasks,
        datasets: [
          { label: 'baseline', backgroundColor: palette[2],
            data: data.tasks.map(function (t) { var c = cell(t, 'baseline'); return c ? c.overIdeal : null; }) },
          { label: 'best variant', backgroundColor: palette[0],
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
